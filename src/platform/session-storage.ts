/** The session's local-storage keys (SPEC section 3); only the auth actor (auth-context.ts) and app start read or write them. */
const ACCESS_KEY = 'access';
/** Session fields of SPEC 3 that belong to one signed-in person and go with them on logout. */
const SESSION_KEYS = [
  ACCESS_KEY, 'partnerId', 'name', 'isStaff', 'document', 'video', 'register', 'phone', 'feePhone',
  'feeAuthCode', 'insurer', 'partner', 'children', 'uniqueId', 'product', 'registerRegister', 'registerPhone',
];

export const readToken = () => globalThis.localStorage?.getItem(ACCESS_KEY) ?? null;

export const writeToken = (token: string | null) => {
  if (token) localStorage.setItem(ACCESS_KEY, token);
};

export const clearSessionStorage = () => {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
};

export const writeProfile = (profile: { partner_id: number; name: string; is_staff: boolean; user_manual_document: string; user_manual_video: string }) => {
  localStorage.setItem('partnerId', String(profile.partner_id));
  localStorage.setItem('name', profile.name);
  localStorage.setItem('isStaff', String(profile.is_staff));
  localStorage.setItem('document', profile.user_manual_document);
  localStorage.setItem('video', profile.user_manual_video);
};
