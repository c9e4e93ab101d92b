/**
 * What every generated style declares: its family (the name the bench reports it under; the
 * tune / held-out split hashes it) and the look of body and headings, recorded in the manifest
 * as the Debian half records what inspection saw.
 */
export interface StyleLook {
  /** "gen-<tool> / <look>". */
  family: string;
  bodyFace: string;
  headingFace: string;
  headingStyle: string;
}
