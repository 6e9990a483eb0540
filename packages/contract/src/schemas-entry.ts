export * from './validation.js';
export * from './schemas.js';
export * from './admin-schemas.js';
export * from './promotions-schemas.js';
export * from './redpacket-schemas.js';
export * from './agents-schemas.js';
export * from './invites-schemas.js';
export * from './agent-portal-schemas.js';
