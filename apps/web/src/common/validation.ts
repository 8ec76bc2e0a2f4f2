/** Registration e-mail rule of the spec: something, an at sign, something, a dot, two or more characters. */
export const isEmail = (value: string): boolean => /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/.test(value.trim());
