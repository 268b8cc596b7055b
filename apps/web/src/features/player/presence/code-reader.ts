/**
 * Reads a QR code from the camera's video, behind one small interface: the browser's own
 * BarcodeDetector where it has one that reads QR codes (Chrome on Android), else the kept jsQR library
 * (Safari, Firefox), loaded only then. A test or another library plugs in here.
 */
export type CodeReader = {
  /** The text of a QR code in the frame now, or null. */
  read(video: HTMLVideoElement): Promise<string | null>;
};

// Not in TypeScript's DOM library yet (the Shape Detection API).
type BarcodeDetectorLike = { detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
};

/** The browser's QR reader, or null when it has none. */
async function nativeReader(): Promise<CodeReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    // Some browsers have the class but read no QR codes with it (desktop Chrome on Linux).
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return { read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
  } catch {
    return null;
  }
}

/** The longer side a frame is scaled down to before jsQR reads it: enough for a sign at arm's length, cheap on a weak phone. */
const LIBRARY_FRAME = 640;

async function libraryReader(): Promise<CodeReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    read: async (video) => {
      const { videoWidth: width, videoHeight: height } = video;
      if (!context || width === 0 || height === 0) return null;
      const scale = Math.min(1, LIBRARY_FRAME / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
    },
  };
}

/** The best reader this browser has. */
export async function makeCodeReader(): Promise<CodeReader> {
  return (await nativeReader()) ?? libraryReader();
}
