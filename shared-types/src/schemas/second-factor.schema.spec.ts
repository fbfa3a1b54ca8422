import { isOneTimeCode, secondFactorCodeSchema, secondFactorConfirmSchema, stepUpSchema } from './second-factor.schema';

describe('two-step sign-in codes', () => {
  it('reads a code as the app shows it or as people type it, and a recovery code in any case, with or without dashes', () => {
    expect(secondFactorConfirmSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(secondFactorCodeSchema.parse({ code: ' 123-456 ' })).toEqual({ code: '123456' });
    expect(secondFactorCodeSchema.parse({ code: 'ABCD-EFGH-2345' })).toEqual({ code: 'abcdefgh2345' });
    expect(isOneTimeCode('123456')).toBe(true);
    expect(isOneTimeCode('abcdefgh2345')).toBe(false);
  });

  it('refuses what is neither, with the message the form shows', () => {
    for (const code of ['12345', '1234567', 'abcdef', 'abcd-efgh-2341', '']) {
      const result = secondFactorCodeSchema.safeParse({ code });
      expect([code, result.success]).toEqual([code, false]);
      expect(result.error?.issues[0].message).toBe('Enter the 6-digit code from your app, or a recovery code');
    }
    expect(secondFactorConfirmSchema.safeParse({ code: 'abcd-efgh-2345' }).success).toBe(false);
  });

  it('step-up takes a password or a code, one of the two', () => {
    expect(stepUpSchema.parse({ password: 'secret-pass' })).toEqual({ password: 'secret-pass' });
    expect(stepUpSchema.parse({ code: '654 321' })).toEqual({ code: '654321' });
    expect(stepUpSchema.safeParse({}).error?.issues[0].message).toBe('Enter your password or a 6-digit code');
    expect(stepUpSchema.safeParse({ password: 'x', code: '123456' }).success).toBe(false);
    expect(stepUpSchema.safeParse({ password: '' }).error?.issues[0].message).toBe('Enter your password');
  });
});
