// The composition analysis: its request, its answer (whichever critic wrote it) and the tips query.
import { z } from 'zod';
import { COMPOSITION_TIP_TYPES, PHOTO_CATEGORIES } from '~/lib/site/constants';
import { HORIZON_CHOICES } from '~db/enums';

/**
 * The owner's word on the line the analyser found across the frame: it is the horizon (level it),
 * or it is not (a ridge, a tree line, a road barrier: nothing to level).
 */
export type HorizonChoice = (typeof HORIZON_CHOICES)[number];
const horizonChoice = z.enum(HORIZON_CHOICES, {
  error: 'The horizon choice must be "horizon" or "not-horizon".',
});

/**
 * POST /api/analyze-composition: the photo as base64, without a data: prefix, and the owner's word
 * on its horizon when they have given one.
 */
export const analyzeCompositionSchema = z.object({
  horizonChoice: horizonChoice.optional(),
  image: z
    .string({ error: 'Please choose a photo first' })
    .min(1, 'Please choose a photo first')
    .refine((v) => !v.startsWith('data:'), 'Send the image as plain base64, without the data: prefix')
    .refine((v) => v.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(v), 'The image is not valid base64'),
});

const score = z.number().min(0).max(10);
const sentence = z.string().trim().min(1).max(1000);

const fraction = z.number().min(0).max(1);
/** Where thirds intersections are named: the point nearest the main subject, or the centre. */
export const THIRDS_POINTS = ['upper left', 'upper right', 'lower left', 'lower right', 'centre'] as const;
export type ThirdsPoint = (typeof THIRDS_POINTS)[number];
export const EXPOSURE_LABELS = ['under', 'good', 'over'] as const;
export type ExposureLabel = (typeof EXPOSURE_LABELS)[number];

/** A line across the frame from the left edge to the right edge. */
const edgeToEdge = z.object({
  x1: z.number(),
  y1: z.number(),
  x2: z.number(),
  y2: z.number(),
  /** Degrees; positive when the line falls towards the right. */
  tilt: z.number().min(-90).max(90),
});

/**
 * What the local analyser measured, for drawing over the preview: positions are fractions of the
 * frame's width and height from its top left corner. Sent beside the analysis, whichever critic wrote it.
 */
export const compositionMeasurementsSchema = z.object({
  /** The detected horizon from the left edge to the right edge; null when none was found. */
  horizon: edgeToEdge.nullable(),
  /**
   * What the line across the frame was taken for: a horizon (drawn as `horizon`), a sloping
   * skyline (a ridge or a tree line, drawn as `skyline`, with nothing to level), or nothing found.
   * Absent from analyses kept before it was measured.
   */
  found: z.enum(['horizon', 'skyline']).nullable().optional(),
  /** The sloping skyline from edge to edge, when the line found is one. */
  skyline: edgeToEdge.nullable().optional(),
  /** The owner's word the analysis was made with, when they gave one. */
  horizonChoice: horizonChoice.nullable().optional(),
  /** The region that stands out most; null when nothing does. */
  salientBox: z.object({ x: fraction, y: fraction, width: fraction, height: fraction }).nullable(),
  /** The thirds intersection (or the centre) nearest the main subject; null when there is none. */
  thirdsPoint: z.enum(THIRDS_POINTS).nullable(),
  exposure: z.object({
    label: z.enum(EXPOSURE_LABELS),
    /** Share of the pixels in each of 32 equal bands of brightness, darkest first. */
    histogram: z.array(fraction).length(32),
  }),
});
export type CompositionMeasurements = z.infer<typeof compositionMeasurementsSchema>;

/**
 * The composition analysis: the answer of POST /api/analyze-composition, whether it comes from the
 * local analyser or a vision model (whose output is checked against this same schema).
 */
export const compositionAnalysisSchema = z.object({
  overallScore: score,
  summary: sentence,
  strengths: z.array(sentence).max(20),
  improvements: z.array(sentence).max(20),
  compositionElements: z.record(z.string().trim().min(1).max(80), z.object({ score, feedback: sentence })),
  tips: z.array(sentence).max(20),
  measurements: compositionMeasurementsSchema.optional(),
});
export type CompositionAnalysis = z.infer<typeof compositionAnalysisSchema>;

/**
 * POST /api/admin/photos/{id}/analysis: an empty body analyses again with the choice kept with the
 * last analysis; `horizonChoice` gives a new one, null lets the analyser decide again.
 */
export const photoAnalysisRequestSchema = z.object({ horizonChoice: horizonChoice.nullable().optional() });

/** GET and POST /api/admin/photos/{id}/analysis: the photo, and its kept analysis with its date (or null). */
export const photoAnalysisResponseSchema = z.object({
  photo: z.object({
    id: z.string(),
    title: z.string(),
    imageUrl: z.string(),
    category: z.enum(PHOTO_CATEGORIES),
  }),
  kept: z.object({ analysis: compositionAnalysisSchema, analysedAt: z.string() }).nullable(),
});
export type PhotoAnalysisResponse = z.infer<typeof photoAnalysisResponseSchema>;

/** GET /api/composition-tips?type=landscape. */
export const compositionTipsQuerySchema = z.object({
  type: z
    .enum(COMPOSITION_TIP_TYPES, { error: `The type must be one of: ${COMPOSITION_TIP_TYPES.join(', ')}` })
    .default('landscape'),
});
