"use client";
import { Avatar } from "@mantine/core";
import classes from "./user-badge.module.css";

/** The signed-in person at the foot of both navigation bars. */
export function UserBadge({ name, email }: { name: string; email: string }) {
  return (
    <div className={classes.badge}>
      <Avatar size="sm" radius="xl" name={name || email} color="initials" />
      <div>
        <p className={classes.name} title={name}>
          {name}
        </p>
        <p className={classes.email} title={email}>
          {email}
        </p>
      </div>
    </div>
  );
}
