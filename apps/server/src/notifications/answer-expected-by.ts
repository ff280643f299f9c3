/**
 * When the visitor may expect an answer to a message received at `receivedAt`, as the acknowledgement
 * mail tells them: for now the wall clock plus ACKNOWLEDGEMENT_ANSWER_HOURS. The one place that decides
 * it, so that the business-hours clock can take its place.
 */
export const answerExpectedByAfter =
  (targetHours: number) =>
  (receivedAt: Date): Date =>
    new Date(receivedAt.getTime() + targetHours * 3_600_000);

export type AnswerExpectedBy = ReturnType<typeof answerExpectedByAfter>;
