export const src = './web/src';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './web/src/__generated__';
export const eagerEsModules = true;
export const customScalarTypes = { Money: 'string', Date: 'string', DateTime: 'string' };
