/** The owner's password: at least 8 characters (better-auth's minimum is set from this), at most 128. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
