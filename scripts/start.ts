import { main } from '../src/server/main.ts';

await main();
