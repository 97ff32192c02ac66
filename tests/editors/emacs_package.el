;;; Drives editors/emacs/sastls.el with eglot in `emacs --batch'. Env: SASTLS_EL, SASTLS_FILE, SASTLS_OUT.
;;; Set up as the README says, without `sastls-command': the server is `sastls' from PATH (no .venv), with
;;; `sastls-settings': they reach the server without an "invalid settings" message.
(require 'eglot)
(require 'json)
(load (getenv "SASTLS_EL") nil t)
(sastls-register)
;; settings as the README shows them (same keys as .sastls.toml); SASTLS_SETTINGS_EL overrides them
(setq sastls-settings (if (getenv "SASTLS_SETTINGS_EL") (car (read-from-string (getenv "SASTLS_SETTINGS_EL")))
                        '(:analyst "heuristic" :false_positive_display "hint")))
(defvar out nil)
;; every message eglot shows (a server's window/showMessage is one: "Server reports (type=2): ...")
(defvar shown nil)
(advice-add 'eglot--message :before (lambda (fmt &rest args) (push (apply #'format fmt args) shown)))
(defun wait-until (pred secs)
  (let ((end (+ (float-time) secs)) (ok nil))
    (while (and (not (setq ok (funcall pred))) (< (float-time) end))
      (accept-process-output nil 0.1))
    ok))
(condition-case err
    (progn
      (setq default-directory (file-name-as-directory (getenv "SASTLS_ROOT")))
      (find-file (getenv "SASTLS_FILE"))
      (setq default-directory (file-name-as-directory (getenv "SASTLS_ROOT")))
      (python-mode)
      ;; what M-x eglot does: the contact from `eglot-server-programs' (sastls-register's entry, settings included)
      (apply #'eglot (eglot--guess-contact))
      (push (cons 'connected (and (wait-until (lambda () (eglot-current-server)) 20) t)) out)
      (push (cons 'contact (sastls--contact)) out)
      (push (cons 'diagnostics (and (wait-until (lambda () (flymake-diagnostics)) 30) t)) out)
      ;; the offline verdict arrives by itself (auto_triage = "offline" by default)
      (push (cons 'auto_verdict
                  (and (wait-until
                        (lambda ()
                          (cl-some (lambda (d) (string-match-p "likely true positive\\|likely false positive\\|needs review"
                                                               (flymake-diagnostic-text d)))
                                   (flymake-diagnostics)))
                        30)
                       t))
            out)
      (let* ((diags (sort (flymake-diagnostics) (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b)))))
             (first (car diags)))
        (goto-char (flymake-diagnostic-beg first))
        (push (cons 'findings_at_point (length (sastls--findings-at-point))) out)
        (let ((before (flymake-diagnostic-text first))
              (result (sastls-investigate)))
          (push (cons 'verdict (plist-get result :verdict)) out)
          (push (cons 'verdict_shown
                      (and (wait-until
                            (lambda ()
                              (cl-some (lambda (d) (and (string-match-p "\\[\\(likely\\|needs review\\|confirmed\\)"
                                                                        (flymake-diagnostic-text d))
                                                        (= (line-number-at-pos (flymake-diagnostic-beg d))
                                                           (line-number-at-pos (point)))))
                                       (flymake-diagnostics)))
                            30)
                           t))
                out))))
  (error (push (cons 'error (format "%S" err)) out)))
(push (cons 'messages (or shown [])) out)
(with-temp-file (getenv "SASTLS_OUT") (insert (json-encode out)))
(kill-emacs 0)
