import { startMain } from './start-main';

void startMain().catch((error: unknown) => {
  console.error('TACO could not start:', error);
  process.exit(1);
});
