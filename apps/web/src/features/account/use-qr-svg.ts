import { useQuery } from '@tanstack/react-query';

/**
 * A URL's QR code as SVG text, made once per URL. The library is imported here, on demand, so it is a
 * chunk of its own that only a user who asks for a QR code downloads.
 */
export function useQrSvg(url: string) {
  return useQuery({
    queryKey: ['account', 'qr-svg', url],
    queryFn: async () => {
      // A CommonJS package: its exports arrive reliably as the default export (a named `toString` may not).
      const { default: qrcode } = await import('qrcode');
      return qrcode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** SVG text as an image source (for <img> and a download link). */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
