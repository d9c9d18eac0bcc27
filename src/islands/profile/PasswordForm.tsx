// 'Change Password' in the Profile tab: the current password, then the new one twice, checked with
// the same schema as the endpoint. A change signs every other session out; this one stays in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { type PasswordChangeInput, passwordChangeSchema } from '~/lib/profile/schemas';
import { PASSWORD_MIN_LENGTH } from '~/lib/site/constants';

const field = 'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base';

type FieldName = keyof PasswordChangeInput;
const FIELDS: { name: FieldName; label: string; autoComplete: string; hint?: string }[] = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: 'New password',
    autoComplete: 'new-password',
    hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
  },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

export default function PasswordForm() {
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure('');
    try {
      await send('POST', '/api/admin/password', values);
      notify('success', 'Password changed successfully', 'Every other session has been signed out.');
      reset();
    } catch (err) {
      const why = reason(err) ?? 'Please try again.';
      setFailure(why);
      notify('error', 'Failed to change password', why);
    }
  });

  return (
    <section aria-labelledby="password-h">
      <h2 id="password-h" className="text-xl font-semibold">
        Change Password
      </h2>
      <p className="mt-1 max-w-prose text-slate-600">
        After the change, every other device signed in to this account is signed out.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 max-w-md space-y-4">
        {FIELDS.map(({ name, label, autoComplete, hint }) => {
          const error = errors[name]?.message;
          const describedBy = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ');
          return (
            <div key={name}>
              <label htmlFor={`password-${name}`} className="block text-sm font-medium">
                {label}
              </label>
              <input
                id={`password-${name}`}
                type="password"
                autoComplete={autoComplete}
                className={field}
                aria-invalid={Boolean(error)}
                aria-describedby={describedBy || undefined}
                {...register(name)}
              />
              {hint && (
                <p id={`${name}-hint`} className="mt-1 text-sm text-slate-600">
                  {hint}
                </p>
              )}
              {error && (
                <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Changing Password…' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}
