// The feature's face (ADR 023): a life in pictures, the family's side (decisions "A life in pictures").
export { createAlbum, deleteAlbum, orderAlbums, updateAlbum } from "./albums";
export { addPhoto, familyPhotoCount, photoUploadLimit, type PhotoUploadDeps } from "./upload";
export { deletePhoto, orderPhotos, updatePhoto } from "./photos";
export { familyPhotos } from "./list";
export { photoArchive, safeName, type ArchiveEntry } from "./download";
export {
  deletePhotoFiles,
  deletePhotoRows,
  deletePhotos,
  writePhotoFiles,
  type PhotoSelection,
} from "./files";
// What visitors see: the page's albums and photos, and one photo with its neighbours.
export { publicPhotoPage, publicPhotos } from "./public-photos";
