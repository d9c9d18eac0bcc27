// `npm run create-owner`: the owner account from OWNER_EMAIL / OWNER_PASSWORD, if missing.
import { ensureOwner } from '~/lib/platform/server/auth/auth';
import { getConfig } from '~/lib/platform/server/config';

const result = await ensureOwner();
const email = getConfig().ownerEmail;
if (!result.created) console.log(`The owner account ${email} already exists.`);
else if (result.password) console.log(`Owner ${email} created. Password (shown once): ${result.password}`);
else console.log(`Owner ${email} created with OWNER_PASSWORD.`);
