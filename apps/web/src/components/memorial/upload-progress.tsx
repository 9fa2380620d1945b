// Upload progress of a picture or video (DESIGN §9): a bar and its percentage.
import './upload-progress.css';

export interface UploadProgressProps {
  /** 0–100. */
  percent: number;
  /** What is being sent, e.g. 'Subiendo tu foto'. */
  label?: string;
}

export function UploadProgress({ percent, label = 'Subiendo' }: UploadProgressProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="upload-progress">
      <div className="upload-progress__label">
        <span>{label}</span>
        <span className="upload-progress__percent">{`${value}%`}</span>
      </div>
      <div className="upload-progress__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
        <div className="upload-progress__bar" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
