export * from './signing.js';
export * from './client.js';
