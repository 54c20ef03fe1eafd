import type { Locator, Page } from '@playwright/test';

type Files = Parameters<Locator['setInputFiles']>[0];

/**
 * Chooses files in an image field (web/app/components/forms/file-field.tsx) as a person does: with JavaScript
 * through the file chooser that its Mantine button opens, without it in the native input the label names.
 */
export async function chooseFile(
  scope: Page | Locator,
  label: string,
  files: Files,
  javaScriptEnabled = true,
): Promise<void> {
  if (!javaScriptEnabled) {
    await scope.getByLabel(label).setInputFiles(files);
    return;
  }
  const page = 'page' in scope ? scope.page() : scope;
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(files);
}
