import { encode } from 'uqr';

/**
 * A QR code of `url`, rendered on the server as one SVG path (no script, no image request). Black on
 * white whatever the page's theme, with a quiet zone, so any phone camera reads it.
 */
export function QrCode({ url, size = 176 }: { url: string; size?: number }) {
  const { size: modules, data } = encode(url, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x},${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={`QR code for ${url}`}
      data-testid="qr-code"
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
