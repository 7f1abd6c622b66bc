/** The account fields every view of a person starts with, as the original API lists them. */
export interface AccountView {
  /** The user's id (the original API repeats it as `user_id`). */
  id: number;
  user_id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
}
