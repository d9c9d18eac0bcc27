// Before any test file runs: the run's temporary folder (removed when the run ends).
import { makeRunFolder } from './helpers/run-folder';

export default function setup(): () => void {
  return makeRunFolder();
}
