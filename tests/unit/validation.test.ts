import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginBodySchema } from '../../contract/auth.schema';
import {
  combineRegister, CYRILLIC_LETTERS, digitsOnly, MAX_BODY_DEPTH, messages, newPasswordSchema, phoneSchema, registerSchema, rules,
  splitRegister, toFieldErrors, unsafeTextFields,
} from '../../contract/validation';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('phone', () => {
  it('accepts exactly 8 digits', () => {
    expect(phoneSchema.parse('99112233')).toBe('99112233');
  });
  it.each([
    ['', messages.fieldRequired],
    ['   ', messages.fieldRequired],
    ['9911abcd', messages.onlyNumbers],
    ['+9769911', messages.onlyNumbers],
    ['9911223', messages.phone],
    ['991122334', messages.phone],
  ])('rejects %j with %s', (value, message) => {
    expect(firstMessage(phoneSchema.safeParse(value))).toBe(message);
  });
  it('accepts any 8 digits and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (value) => {
        const ok = phoneSchema.safeParse(value).success;
        expect(ok).toBe(/^\d{8}$/.test(value.trim()));
      }),
    );
  });
  it('digitsOnly keeps digits only, up to a limit', () => {
    expect(digitsOnly('9a9-11 22x33', 8)).toBe('99112233');
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(digitsOnly(value)).toMatch(/^\d*$/);
      }),
    );
  });
});

describe('register number', () => {
  it('has the 35 letters of the Mongolian Cyrillic alphabet, with Ө and Ү', () => {
    expect(CYRILLIC_LETTERS).toHaveLength(35);
    expect(new Set(CYRILLIC_LETTERS).size).toBe(35);
    expect(CYRILLIC_LETTERS).toContain('Ө');
    expect(CYRILLIC_LETTERS).toContain('Ү');
  });
  it('is stored upper-case', () => {
    expect(registerSchema.parse('уб12345678')).toBe('УБ12345678');
    expect(registerSchema.parse('өү00000001')).toBe('ӨҮ00000001');
  });
  it.each(['', 'УБ1234567', 'УБ123456789', 'UB12345678', 'У12345678', 'УБ1234567a'])('rejects %j', (value) => {
    expect(firstMessage(registerSchema.safeParse(value))).toBe(messages.register);
  });
  it('combines parts only when valid, otherwise empty (SPEC 5)', () => {
    expect(combineRegister({ first: 'У', second: 'Б', number: '12345678' })).toBe('УБ12345678');
    expect(combineRegister({ first: '', second: 'Б', number: '12345678' })).toBe('');
    expect(combineRegister({ first: 'У', second: 'Б', number: '1234' })).toBe('');
  });
  it('round-trips through split and combine for every valid value (property)', () => {
    const letter = fc.constantFrom(...CYRILLIC_LETTERS);
    const number = fc.stringMatching(/^\d{8}$/);
    fc.assert(
      fc.property(letter, letter, number, (a, b, n) => {
        const value = `${a}${b}${n}`;
        expect(combineRegister(splitRegister(value))).toBe(value);
      }),
    );
  });
  it('never produces a value for arbitrary input that is not a valid register (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (first, second, number) => {
        const combined = combineRegister({ first, second, number });
        if (combined !== '') expect(registerSchema.safeParse(combined).success).toBe(true);
      }),
    );
  });
});

describe('login and passwords', () => {
  it('requires a valid e-mail and a password, lower-casing the e-mail', () => {
    expect(loginBodySchema.parse({ email: ' Demo@Example.com ', password: 'x' })).toEqual({ email: 'demo@example.com', password: 'x' });
    const result = loginBodySchema.safeParse({ email: 'not-an-email', password: '' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error)).toMatchObject({
        email: { key: messages.emailInvalid },
        password: { key: messages.passwordRequired },
      });
    }
  });
  it('requires at least 6 characters for a new password', () => {
    expect(firstMessage(newPasswordSchema.safeParse('12345'))).toBe(messages.passwordMin);
    expect(newPasswordSchema.safeParse('123456').success).toBe(true);
  });
  it('never throws on arbitrary bodies (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        const result = loginBodySchema.safeParse(body);
        if (!result.success) expect(Object.keys(toFieldErrors(result.error)).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('generic rules', () => {
  it('carry their bounds into the message values', () => {
    const max = rules.maxLength(5).safeParse('123456');
    expect(max.success).toBe(false);
    if (!max.success) expect(toFieldErrors(max.error)._).toEqual({ key: messages.maxLength, values: { max: 5 } });
    const min = rules.minValue(10).safeParse(3);
    if (!min.success) expect(toFieldErrors(min.error)._).toEqual({ key: messages.minValue, values: { min: 10 } });
    expect(min.success).toBe(false);
  });
  it.each([
    [rules.required(), '  ', messages.valueRequired],
    [rules.numeric(), '12a', messages.numeric],
    [rules.email(), 'a@', messages.email],
    [rules.minLength(3), 'ab', messages.minLength],
    [rules.maxValue(3), 4, messages.maxValue],
    [rules.integer(), 1.5, messages.integer],
  ] as const)('%#: rejects with its message', (schema, value, message) => {
    expect(firstMessage((schema as unknown as { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }).safeParse(value))).toBe(message);
  });
});

describe('unsafe request bodies', () => {
  const deep = (depth: number): unknown => {
    let value: unknown = 'a\u0000';
    for (let level = 0; level < depth; level += 1) value = { a: value };
    return value;
  };

  it('finds NUL and lone surrogates in keys and values at any allowed depth', () => {
    const bad = { key: messages.invalidCharacters, values: {} };
    expect(unsafeTextFields({ a: 'ok 😀', b: ['x', 'y\u0000'], c: { 'd\uD800': 1 }, e: { f: '\uDC00' } })).toEqual({ 'b.1': bad, c: bad, 'e.f': bad });
    expect(unsafeTextFields(deep(MAX_BODY_DEPTH - 1))).toEqual({ [Array(MAX_BODY_DEPTH - 1).fill('a').join('.')]: bad });
  });

  it('refuses nesting past the limit on the top-level field, without exhausting the stack', () => {
    const tooDeep = { key: messages.tooDeep, values: { max: MAX_BODY_DEPTH } };
    expect(unsafeTextFields(deep(MAX_BODY_DEPTH + 1))).toEqual({ a: tooDeep });
    expect(unsafeTextFields(deep(1_000_000))).toEqual({ a: tooDeep });
    expect(unsafeTextFields([[[1]]], 2)).toEqual({ _: { key: messages.tooDeep, values: { max: 2 } } });
  });
});
