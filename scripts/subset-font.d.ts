/** The part of subset-font's API the receipt font script uses (the package ships no types). */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer | Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
      keepFeatures?: string[];
      noHinting?: boolean;
      glyphNames?: boolean;
    },
  ): Promise<Buffer>;
}
