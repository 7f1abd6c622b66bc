/** Notification calls (section 7, "Wish list and notifications"). */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { NotificationListStruct, type Notification } from '../schemas/notifications';

/** `GET /notifications/`: the signed-in user's notifications, newest first. */
export async function fetchNotifications(): Promise<Notification[]> {
  return parseAnswer(await http.get('/notifications/'), NotificationListStruct);
}
