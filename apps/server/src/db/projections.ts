import { users } from './schema/index.ts';

/** The columns that show who a person is (profiles, admin lists): never the password hash. */
export const personColumns = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  mail: users.mail,
  phoneNumber: users.phoneNumber,
  photoUrl: users.photoUrl,
};
