export * from './signing.js';
export * from './client.js';
export * from './seamless.js';
export * from './transfer.js';
