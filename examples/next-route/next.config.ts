import type { NextConfig } from 'next';

// This app sits inside the toolgate repository, whose own lock file Next.js would otherwise take
// for the root of the workspace.
const nextConfig: NextConfig = { turbopack: { root: import.meta.dirname } };

export default nextConfig;
