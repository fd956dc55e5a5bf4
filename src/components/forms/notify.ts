"use client";
import { notifications } from "@mantine/notifications";

export const notifySuccess = (message: string) => notifications.show({ color: "teal", message, autoClose: 4000 });
/** Done, but with something the person must look at (a node saved whose panel could not be used). */
export const notifyWarning = (message: string) => notifications.show({ color: "yellow", message, autoClose: 8000 });
export const notifyError = (message: string) => notifications.show({ color: "red", message, autoClose: 8000 });
