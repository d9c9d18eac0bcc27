// Small files for tests, shared by vitest and Playwright (so no test runner is imported here).

/** A small MP4-shaped file: an ftyp box with the isom brand, then filler. */
export const tinyMp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(4000, 7),
]);
