/** The part of subset-font's API the receipt font script and the server's receipt fonts use (the package ships no types). */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer | Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
      keepFeatures?: string[];
      noHinting?: boolean;
      glyphNames?: boolean;
      dropTables?: string[];
    },
  ): Promise<Buffer>;
}
