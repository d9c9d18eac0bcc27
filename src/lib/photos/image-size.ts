// The pixel size of an image file the owner has chosen, read in the browser before it is uploaded
// (the add-photo dialog tells at which print sizes the photo will be sold). The browser reads the
// size from the file's header without keeping a decoded copy; a file it cannot show (a TIFF in most
// browsers) answers null, and the sizes are then known once the server has the photo.
export function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    img.onload = () =>
      done(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    img.onerror = () => done(null);
    img.src = url;
  });
}
