package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// output is one rendering a lint run writes: a format and where it goes
// ("" for the stream: stderr for text, as go vet prints, stdout for json
// and sarif).
type output struct {
	format string
	file   string
}

// formatList is the -format flag: given once or more, each
// FORMAT[=FILE], so that one analysis gives the text CI logs show, the
// SARIF code scanning uploads and the JSON a script reads.
type formatList []output

func (f *formatList) String() string {
	var parts []string
	for _, o := range *f {
		if o.file != "" {
			parts = append(parts, o.format+"="+o.file)
		} else {
			parts = append(parts, o.format)
		}
	}
	return strings.Join(parts, ",")
}

func (f *formatList) Set(v string) error {
	format, file, _ := strings.Cut(v, "=")
	switch format {
	case "text", "json", "sarif":
	default:
		return fmt.Errorf("%q: want text, json or sarif, optionally =FILE", v)
	}
	if strings.Contains(v, "=") && file == "" {
		return fmt.Errorf("%q: no file after =", v)
	}
	*f = append(*f, output{format: format, file: file})
	return nil
}

// check refuses two renderings for one destination.
func (f formatList) check() error {
	seen := map[string]string{}
	for _, o := range f {
		dest := o.file
		if dest == "" {
			dest = "stdout"
			if o.format == "text" {
				dest = "stderr"
			}
		}
		if prev, ok := seen[dest]; ok {
			return fmt.Errorf("-format %s and -format %s both write to %s", prev, o.format, dest)
		}
		seen[dest] = o.format
	}
	return nil
}

// render writes each output: streams as they are, files atomically.
func (f formatList) render(diags []diag, root string, stdout, stderr io.Writer) error {
	for _, o := range f {
		var buf bytes.Buffer
		var err error
		switch o.format {
		case "json":
			err = printJSON(diags, &buf)
		case "sarif":
			err = printSARIF(diags, root, &buf)
		default:
			printText(diags, &buf)
		}
		if err != nil {
			return err
		}
		switch {
		case o.file != "":
			err = writeFile(o.file, buf.Bytes())
		case o.format == "text":
			_, err = stderr.Write(buf.Bytes())
		default:
			_, err = stdout.Write(buf.Bytes())
		}
		if err != nil {
			return err
		}
	}
	return nil
}
