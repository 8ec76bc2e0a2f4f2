import { create } from 'zustand';

interface ErrorState {
  messages: string[];
  push(message: string): void;
  dismiss(): void;
}

/** The one queue every failed call reports to; the snackbar shows them in order. */
export const useErrorStore = create<ErrorState>((set) => ({
  messages: [],
  push: (message) => set((state) => ({ messages: [...state.messages, message] })),
  dismiss: () => set((state) => ({ messages: state.messages.slice(1) })),
}));
