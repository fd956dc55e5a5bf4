"use client";
// Mantine components rendered as next/link. Server Components cannot pass `component={Link}`
// (a function) to a Client Component, so they use these instead.
import { Anchor, Button, Card, type AnchorProps, type ButtonProps, type CardProps } from "@mantine/core";
import Link from "next/link";
import type { ReactNode } from "react";

type LinkProps = { href: string; children?: ReactNode; "data-testid"?: string };

export const AnchorLink = (props: AnchorProps & LinkProps) => <Anchor component={Link} {...props} />;
export const ButtonLink = (props: ButtonProps & LinkProps) => <Button component={Link} {...props} />;
export const CardLink = (props: CardProps & LinkProps) => <Card component={Link} {...props} />;
