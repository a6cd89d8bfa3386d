export const SCHEMA_RULES = [];
