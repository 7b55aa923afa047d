/**
 * The EXIF Orientation tag (0x0112) of a JPEG, 1–8; 1 when there is none. Phones store the picture as the sensor saw
 * it and only say how to turn it here, and face devices ignore the tag, so the server has to apply it.
 */
export function jpegOrientation(buf: Buffer): number {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return 1;
  let i = 2;
  while (i + 4 <= buf.length && buf[i] === 0xff) {
    const marker = buf[i + 1]!;
    // Start of scan: the metadata segments are all before it.
    if (marker === 0xda) return 1;
    const len = buf.readUInt16BE(i + 2);
    if (marker === 0xe1 && buf.toString('latin1', i + 4, i + 10) === 'Exif\u0000\u0000')
      return tiffOrientation(buf.subarray(i + 10, i + 2 + len));
    i += 2 + len;
  }
  return 1;
}

function tiffOrientation(t: Buffer): number {
  if (t.length < 8) return 1;
  const le = t.toString('latin1', 0, 2) === 'II';
  if (!le && t.toString('latin1', 0, 2) !== 'MM') return 1;
  const u16 = (o: number) => (le ? t.readUInt16LE(o) : t.readUInt16BE(o));
  const u32 = (o: number) => (le ? t.readUInt32LE(o) : t.readUInt32BE(o));
  const ifd = u32(4);
  if (ifd + 2 > t.length) return 1;
  const count = u16(ifd);
  for (let n = 0; n < count; n += 1) {
    const e = ifd + 2 + n * 12;
    if (e + 12 > t.length) return 1;
    if (u16(e) === 0x0112) {
      const v = u16(e + 8);
      return v >= 1 && v <= 8 ? v : 1;
    }
  }
  return 1;
}
