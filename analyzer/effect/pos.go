package effect

import (
	"path/filepath"
	"strconv"
	"strings"
)

// SplitPos splits "file:line:col" (col optional) into its parts.
func SplitPos(pos string) (file string, line, col int) {
	rest := pos
	nums := make([]int, 0, 2)
	for i := 0; i < 2; i++ {
		j := strings.LastIndexByte(rest, ':')
		if j < 0 {
			break
		}
		n, err := strconv.Atoi(rest[j+1:])
		if err != nil {
			break
		}
		nums = append(nums, n)
		rest = rest[:j]
	}
	switch len(nums) {
	case 2:
		return rest, nums[1], nums[0]
	case 1:
		return rest, nums[0], 0
	}
	return pos, 0, 0
}

// ComparePos orders positions by file, then line, then column.
func ComparePos(a, b string) int {
	fa, la, ca := SplitPos(a)
	fb, lb, cb := SplitPos(b)
	switch {
	case fa != fb:
		if fa < fb {
			return -1
		}
		return 1
	case la != lb:
		return la - lb
	}
	return ca - cb
}

// Relative rewrites pos as "rel/file.go:line" relative to root when the file
// lies under root; other positions keep their file name and lose the column.
func Relative(pos, root string) string {
	file, line, _ := SplitPos(pos)
	if root != "" {
		if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = filepath.ToSlash(rel)
		}
	}
	if line == 0 {
		return file
	}
	return file + ":" + strconv.Itoa(line)
}
