import { useQuery } from '@tanstack/react-query';

/** A URL's QR code as SVG text, made once per URL; the library loads only when a sheet is shown. */
export function useQrSvg(url: string) {
  return useQuery({
    queryKey: ['qr-svg', url],
    queryFn: async () => {
      // A CommonJS package: its exports arrive reliably as the default export (a named `toString` may not).
      const { default: qrcode } = await import('qrcode');
      return qrcode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    },
    staleTime: Infinity,
  }).data;
}
