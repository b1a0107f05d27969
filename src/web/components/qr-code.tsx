import { qrMatrix, qrQuietZoneModules } from '../../shared/promptpay/qr-matrix';

export interface QrCodeProps {
  text: string;
  /** What the code is for, read by screen readers instead of the picture. */
  label: string;
  className?: string;
}

/**
 * A QR code as one SVG path on a white square with its quiet zone: sharp at any size and in print, no
 * canvas, no inline style (the CSP allows none). Only lazy chunks import this, so the QR encoder never
 * weighs on /checkout's first load.
 */
export function QrCode({ text, label, className }: QrCodeProps) {
  const matrix = qrMatrix(text);
  const side = matrix.length + 2 * qrQuietZoneModules;
  let path = '';
  matrix.forEach((row, y) => {
    // One horizontal run of dark modules per path segment keeps the path short.
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (row[end + 1]) end++;
      path += `M${x + qrQuietZoneModules} ${y + qrQuietZoneModules}h${end - x + 1}v1h${x - end - 1}z`;
      x = end;
    }
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
