// The end-to-end suite's photos (POST /__e2e/seed-photos, only with E2E_FIXTURES=on): the albums and
// photos of tests/support/seed-photos.ts put on a page, their images in the site's image store, while
// the upload API is its own work. A `.server` module: never in a browser's bundle.
import type { AppServices } from "../../server/context";
import { createImageStore } from "../../server/providers/images";
import { familyAlbums, manyAlbums, seedPhotos } from "../../tests/support/seed-photos";

export async function seedE2ePhotos(
  services: AppServices,
  options: { profileId: string; many: boolean },
): Promise<{ albums: { id: string; title: string; photos: { id: string; state: string }[] }[] }> {
  const images = await createImageStore(services.config);
  const albums = await seedPhotos(services.db, images, {
    profileId: options.profileId,
    albums: options.many ? manyAlbums(100) : familyAlbums,
  });
  return { albums };
}
