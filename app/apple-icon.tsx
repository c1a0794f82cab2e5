import { ImageResponse } from 'next/og';

/** The home-screen icon (iOS and others): the site mark on its accent colour, drawn at build time. */
export const size = { width: 180, height: 180 };
export const contentType = 'image/png';

export default function AppleIcon() {
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#6d28d9' }}>
        <svg width="120" height="120" viewBox="0 0 32 32">
          <path d="M9 16a7 7 0 0 1 12-4.9M23 16a7 7 0 0 1-12 4.9" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
        </svg>
      </div>
    ),
    size,
  );
}
