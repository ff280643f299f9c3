declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    keepFeatures?: string[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}

declare module 'fontverter' {
  const fontverter: {
    convert(font: Uint8Array, format: 'sfnt' | 'woff' | 'woff2' | 'truetype'): Promise<Uint8Array>;
  };
  export default fontverter;
}
