// Thread colors: one stable palette slot per thread (PThread.color, main is 0), contributed in
// package.json as threadline.thread0 … threadline.thread7 so themes can override them.
import * as vscode from 'vscode';
import type { PThread } from '../protocol/requests';

export const PALETTE_SIZE = 8;

export function threadColor(index: number): vscode.ThemeColor {
  const i = ((index % PALETTE_SIZE) + PALETTE_SIZE) % PALETTE_SIZE;
  return new vscode.ThemeColor(`threadline.thread${i}`);
}

export function threadIcon(thread: PThread | undefined, icon = 'circle-filled'): vscode.ThemeIcon {
  return thread ? new vscode.ThemeIcon(icon, threadColor(thread.color)) : new vscode.ThemeIcon('circle-outline');
}

/** `transfer_worker ×many` for threads started many times, else the bare name. */
export function threadLabel(thread: PThread | undefined, id: string): string {
  if (!thread) return id;
  return thread.instances === 'many' ? `${thread.name} ×many` : thread.name;
}
