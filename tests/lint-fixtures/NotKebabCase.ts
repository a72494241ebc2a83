export const name = "not kebab-case";
