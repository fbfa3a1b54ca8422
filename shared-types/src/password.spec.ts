import { passwordRefusal, passwordVerdict } from './password-checker';
import { newPasswordSchema, passwordLength, passwordStrengthLabel } from './password';
import { loginSchema, passwordChangePayloadSchema, registerPayloadSchema, resetPasswordPayloadSchema } from './schemas/auth.schema';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the rule for a new password', () => {
  it('counts characters, not bytes or UTF-16 units: 8 to 128', () => {
    expect(passwordLength('🍫☕')).toBe(2);
    expect(newPasswordSchema.safeParse('1234567').success).toBe(false);
    expect(messageOf(newPasswordSchema.safeParse('🍫'.repeat(7)))).toBe('Password must be at least 8 characters');
    expect(newPasswordSchema.safeParse('🍫'.repeat(8)).success).toBe(true);
    expect(newPasswordSchema.safeParse('🍫'.repeat(128)).success).toBe(true);
    expect(messageOf(newPasswordSchema.safeParse('🍫'.repeat(129)))).toBe('Password must be at most 128 characters');
    expect(messageOf(newPasswordSchema.safeParse(12345678))).toBe('Password is required');
  });

  it('keeps a password exactly as typed, spaces included', () => {
    expect(newPasswordSchema.parse('  two spaces  ')).toBe('  two spaces  ');
    expect(registerPayloadSchema.parse({ username: 'cocoa', email: 'a@b.co', password: ' cocoa 🍫 lake ' }).password).toBe(' cocoa 🍫 lake ');
  });

  it('applies wherever a password is set, and not to signing in with an older one', () => {
    const short = 'abc1234';
    expect(registerPayloadSchema.safeParse({ username: 'cocoa', email: 'a@b.co', password: short }).success).toBe(false);
    expect(resetPasswordPayloadSchema.safeParse({ token: 'abc', newPassword: short }).success).toBe(false);
    expect(passwordChangePayloadSchema.safeParse({ currentPassword: 'old', newPassword: short }).success).toBe(false);
    expect(loginSchema.safeParse({ username: 'cocoa', password: 'abc123' }).success).toBe(true);
  });
});

describe('the password checker', () => {
  it('refuses passwords on the list of common ones, whatever the case', () => {
    for (const password of ['password', '12345678', 'PassWord1', 'iloveyou']) {
      expect(passwordRefusal(password, {})).toEqual({ code: 'PASSWORD_TOO_COMMON', message: expect.stringContaining('common') });
    }
    expect(passwordRefusal('cocoa at the lake 🍫', {})).toBeUndefined();
  });

  it('refuses the account’s own user name, e-mail or the e-mail’s name', () => {
    const owner = { username: 'MochaFan', email: 'zoe.b@example.com' };
    for (const password of ['mochafan', 'ZOE.B@EXAMPLE.COM', 'zoe.b']) {
      expect(passwordRefusal(password, owner)?.code).toBe('PASSWORD_IS_PERSONAL');
    }
    expect(passwordRefusal('mochafan at the lake', owner)).toBeUndefined();
  });

  it('rates a password for the meter, in words', () => {
    const rate = (password: string) => passwordStrengthLabel(password, passwordVerdict(password, { username: 'mochafan' }));
    expect(rate('short')).toBe('Strength: too short');
    expect(rate('password')).toBe('Strength: too common');
    expect(rate('mochafan')).toBe('Strength: too easy to guess');
    expect(rate('cocoa at the lake 🍫')).toBe('Strength: strong');
  });
});
