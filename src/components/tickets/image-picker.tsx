"use client";
// Images for a ticket message: chosen with the file dialog, shown as thumbnails (object URLs, freed
// when removed or when the form goes away), refused at once when the count or a size is over the
// server's limit. Whether a file really is an image is decided by the server, by its content.
import { ActionIcon, Box, Button, FileButton, Group, Image, Stack, Text } from "@mantine/core";
import { IconPhotoPlus, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState, type ComponentProps } from "react";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from "@/server/db/schema/support-kinds";
import { useFileSize } from "./file-size";
import { checkPicked, type PickProblem } from "./upload";

export interface Picked {
  file: File;
  url: string;
}

/** `onChange` runs when the chosen files change (a form clears a refusal about the old ones). */
export function usePickedImages(onChange?: () => void) {
  const [picked, setPicked] = useState<Picked[]>([]);
  const [problem, setProblem] = useState<PickProblem | null>(null);
  const live = useRef<Picked[]>([]);
  useEffect(() => {
    live.current = picked;
  }, [picked]);
  useEffect(() => () => live.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  const add = useCallback(
    (files: File[]) => {
      const next = [...picked.map((p) => p.file), ...files];
      const bad = checkPicked(next);
      setProblem(bad);
      if (bad) return;
      setPicked((cur) => [...cur, ...files.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
      onChange?.();
    },
    [picked, onChange],
  );
  const remove = useCallback(
    (url: string) => {
      URL.revokeObjectURL(url);
      setProblem(null);
      setPicked((cur) => cur.filter((p) => p.url !== url));
      onChange?.();
    },
    [onChange],
  );
  const clear = useCallback(() => {
    setPicked((cur) => {
      cur.forEach((p) => URL.revokeObjectURL(p.url));
      return [];
    });
    setProblem(null);
  }, []);
  return { picked, problem, add, remove, clear };
}

export function ImagePicker({ state, disabled, testId }: { state: ReturnType<typeof usePickedImages>; disabled?: boolean; testId: string }) {
  const t = useTranslations("tickets.files");
  const fileSize = useFileSize();
  const resetRef = useRef<() => void>(null);
  const { picked, problem, add, remove } = state;
  const full = picked.length >= MAX_ATTACHMENTS_PER_MESSAGE;

  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <FileButton
          multiple
          accept="image/png,image/jpeg,image/gif,image/webp"
          resetRef={resetRef}
          onChange={(files) => {
            add(files);
            resetRef.current?.(); // the same file can be chosen again after removing it
          }}
          disabled={disabled}
          inputProps={{ "data-testid": `${testId}-input` } as ComponentProps<"input">}
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconPhotoPlus size={14} />} disabled={disabled || full} data-testid={`${testId}-add`}>
              {t("add")}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t("limits", { max: MAX_ATTACHMENTS_PER_MESSAGE, mib: MAX_ATTACHMENT_BYTES / 1024 / 1024 })}
        </Text>
      </Group>
      {problem ? (
        <Text size="sm" c="red" role="alert" data-testid={`${testId}-problem`}>
          {problem.kind === "count" ? t("tooMany", { max: problem.max }) : t("tooBig", { name: problem.name, mib: problem.mib })}
        </Text>
      ) : null}
      {picked.length > 0 ? (
        <Group gap="xs" wrap="wrap">
          {picked.map((p) => (
            <Box key={p.url} pos="relative" w={88} data-testid={`${testId}-preview`}>
              <Image src={p.url} alt={p.file.name} w={88} h={88} fit="cover" radius="sm" fallbackSrc="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==" style={{ border: "1px solid var(--mantine-color-default-border)" }} />
              <Text size="xs" truncate title={p.file.name}>
                {p.file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {fileSize(p.file.size)}
              </Text>
              <ActionIcon size="sm" variant="filled" color="dark" radius="xl" pos="absolute" top={4} right={4} aria-label={t("remove", { name: p.file.name })} onClick={() => remove(p.url)} disabled={disabled} data-testid={`${testId}-remove`}>
                <IconX size={12} />
              </ActionIcon>
            </Box>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
