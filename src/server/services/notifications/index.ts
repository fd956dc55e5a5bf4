export { notify, type NotifyInput } from "./notify";
export { listMyNotifications, unreadNotificationCount, markNotificationRead, markAllNotificationsRead, deleteNotification, clearReadNotifications, getMyMailKinds, updateMyMailKinds } from "./my-notifications";
export { notificationText, type NotificationTextKey } from "./texts";
