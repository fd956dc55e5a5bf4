"use client";
// One list, two layouts: a table on wide screens, a card per row on a phone (usePhoneLayout keeps
// only one in the DOM). Columns are declared once; the row's actions column is pinned to the right
// edge when the table scrolls sideways. An empty list says so in words.
import { Card, Stack, Table, Text } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { stickyEndCell } from "../../shell/sticky-end-cell";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import classes from "./list-kit.module.css";

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: "left" | "right" | "center";
  width?: number | string;
  /** The row actions: pinned to the right edge. */
  sticky?: boolean;
  style?: (row: T) => CSSProperties | undefined;
}

/** `data-*` attributes and the test id of a row (table row or card). */
export type RowAttrs = Record<`data-${string}`, string | number | boolean | undefined>;

interface Props<T> {
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  /** A phone's card for a row (inside the card frame). */
  card: (row: T) => ReactNode;
  rowAttrs?: (row: T) => RowAttrs;
  cardStyle?: (row: T) => CSSProperties | undefined;
  /** A sentence (shown in a card, test id `<testId>-empty`) or a whole empty state. */
  empty: ReactNode;
  /** Test ids: `<testId>-table`, `<testId>-cards`, `<testId>-empty`. */
  testId: string;
  minWidth?: number;
  /** Above the rows on a phone (a "select all" box). */
  cardsHeader?: ReactNode;
  /** Long cells wrap instead of widening the table. */
  wrap?: boolean;
  /** On the table's card and the phone's stack alike (may replace their test id). */
  frameAttrs?: RowAttrs;
}

export function ListView<T>({ rows, rowKey, columns, card, rowAttrs, cardStyle, empty, testId, minWidth = 800, cardsHeader, wrap, frameAttrs }: Props<T>) {
  const phone = usePhoneLayout();
  if (rows.length === 0) {
    // A sentence gets the plain empty card; a list with more to say passes its own EmptyState.
    if (typeof empty !== "string") return <>{empty}</>;
    return (
      <Card withBorder padding="xl">
        <Text c="dimmed" ta="center" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      </Card>
    );
  }
  if (phone) {
    return (
      <Stack gap="xs" data-testid={`${testId}-cards`} className={classes.list} {...frameAttrs}>
        {cardsHeader}
        {rows.map((r) => (
          <Card key={rowKey(r)} withBorder padding="sm" style={cardStyle?.(r)} {...rowAttrs?.(r)}>
            {card(r)}
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder padding={0} data-testid={`${testId}-table`} className={classes.list} {...frameAttrs}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table striped highlightOnHover verticalSpacing="sm" style={wrap ? undefined : { whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.align} w={c.width} style={c.sticky ? stickyEndCell() : undefined}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, idx) => (
              <Table.Tr key={rowKey(r)} {...rowAttrs?.(r)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.align} style={c.sticky ? stickyEndCell(idx % 2 === 0) : c.style?.(r)}>
                    {c.cell(r)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
