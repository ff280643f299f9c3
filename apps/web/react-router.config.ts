import type { Config } from '@react-router/dev/config';
import { prerenderedPaths } from './app/paths';

export default {
  ssr: false,
  prerender: [...prerenderedPaths],
} satisfies Config;
