// discord-api-spec ships its Zod schemas as plain JS ("types" points at the .js
// file), so TypeScript sees no declarations. Declare the schemas we use.
declare module 'discord-api-spec/zod' {
  import type { ZodMiniType } from 'zod/mini';
  export const ApplicationCommandAutocompleteCallbackRequestSchema: ZodMiniType;
  export const CreateMessageInteractionCallbackRequestSchema: ZodMiniType;
  export const UpdateMessageInteractionCallbackRequestSchema: ZodMiniType;
  export const ModalInteractionCallbackRequestSchema: ZodMiniType;
  export const PongInteractionCallbackRequestSchema: ZodMiniType;
  export const LaunchActivityInteractionCallbackRequestSchema: ZodMiniType;
  /** A response shape (GET activity-instances): the fake's own answers are checked against it in tests. */
  export const EmbeddedActivityInstanceSchema: ZodMiniType;
  export const IncomingWebhookRequestPartialSchema: ZodMiniType;
  export const IncomingWebhookUpdateRequestPartialSchema: ZodMiniType;
  export const MessageCreateRequestSchema: ZodMiniType;
  export const MessageEditRequestPartialSchema: ZodMiniType;
  export const CreateTextThreadWithMessageRequestSchema: ZodMiniType;
  export const CreateTextThreadWithoutMessageRequestSchema: ZodMiniType;
  export const UpdateThreadRequestPartialSchema: ZodMiniType;
  export const UpdateGuildChannelRequestPartialSchema: ZodMiniType;
  export const ApplicationCommandUpdateRequestSchema: ZodMiniType;
  export const ApplicationCommandCreateRequestSchema: ZodMiniType;
  export const AvailableLocalesEnumSchema: ZodMiniType;
}
