// A life in pictures (decisions "A life in pictures"): albums and photos of a page. The face of the
// feature: what other modules use of it.
// What visitors see: the page's albums and photos, and one photo with its neighbours.
export { publicPhotoPage, publicPhotos } from "./public-photos";
