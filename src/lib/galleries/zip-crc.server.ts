// yazl, the ZIP writer, computes each entry's CRC-32 with buffer-crc32, a byte-at-a-time loop in
// JavaScript (about 0.5 GB/s here), which held a stored ZIP to a third of the disk's speed. Node has
// the same function built in (zlib.crc32, several GB/s, identical results) and yazl has no option to
// take it, so yazl's own copy of buffer-crc32 (the module yazl itself requires) is pointed at
// Node's. Imported for its effect by the module that writes ZIPs; a unit test checks that yazl's
// CRCs are still right and come from here.
import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

type Crc32 = { unsigned: (buf: Buffer, previous?: number) => number };

const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = fromYazl('buffer-crc32') as Crc32;

export const nativeUnsigned = (buf: Buffer, previous?: number): number => crc32(buf, previous ?? 0);
bufferCrc32.unsigned = nativeUnsigned;

/** The function yazl computes CRCs with, for the test. */
export const yazlCrc = (): Crc32['unsigned'] => bufferCrc32.unsigned;
