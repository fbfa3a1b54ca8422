module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  transform: { '^.+\\.(t|j)s$': ['@swc/jest'] },
};
