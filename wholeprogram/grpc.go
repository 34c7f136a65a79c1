package wholeprogram

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// gRPC services of the program: a job that calls a generated client stub
// (ordersv1.NewOrdersClient(conn).AddRefund(ctx, req)) of a service the
// program registers (ordersv1.RegisterOrdersServer(s, &server{…})) does
// what the implementation's method does. The stub is recognised by its
// body, which protoc-gen-go-grpc writes as one ClientConn Invoke with the
// constant full method name "/orders.v1.Orders/AddRefund"; the service by
// the generated Register<Service>Server(grpc.ServiceRegistrar, <Service>Server)
// function of the stub's own package, called in the program with a
// concrete implementation. Anything else (streams, a service registered
// only by reflection, two implementations of one service) stays what the
// stub's code does.

const grpcPkg = "google.golang.org/grpc"

// grpcService is one registered service: its generated server interface
// and the implementations the program registers for it.
type grpcService struct {
	iface *types.Named
	impls []types.Type
}

// grpcServices reads the program's Register<Service>Server calls, keyed by
// the generated package's path and the service's Go name ("Orders").
func grpcServices(fns []*ssa.Function) map[string]*grpcService {
	out := map[string]*grpcService{}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := call.Call.StaticCallee()
				if callee == nil || callee.Pkg == nil || len(call.Call.Args) != 2 {
					continue
				}
				name := callee.Name()
				reg := callee.Signature.Params().At(0).Type()
				if p, ok := reg.(*types.Pointer); ok {
					reg = p.Elem() // older generators: Register…Server(s *grpc.Server, …)
				}
				if !strings.HasPrefix(name, "Register") || !strings.HasSuffix(name, "Server") || !(isNamed(reg, grpcPkg, "ServiceRegistrar") || isNamed(reg, grpcPkg, "Server")) {
					continue
				}
				iface, ok := types.Unalias(callee.Signature.Params().At(1).Type()).(*types.Named)
				if !ok || !types.IsInterface(iface) {
					continue
				}
				mi, ok := call.Call.Args[1].(*ssa.MakeInterface)
				if !ok {
					continue
				}
				key := callee.Pkg.Pkg.Path() + "." + protoName(strings.TrimSuffix(strings.TrimPrefix(name, "Register"), "Server"))
				s := out[key]
				if s == nil {
					s = &grpcService{iface: iface}
					out[key] = s
				}
				if !containsType(s.impls, mi.X.Type()) {
					s.impls = append(s.impls, mi.X.Type())
				}
			}
		}
	}
	for _, s := range out {
		sortByName(s.impls)
	}
	return out
}

// grpcMethod is the full method name ("/orders.v1.Orders/AddRefund") a
// generated client stub invokes, or "".
func grpcMethod(fn *ssa.Function) string {
	full := ""
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := ci.Common()
			var method ssa.Value
			switch {
			case c.IsInvoke() && c.Method.Name() == "Invoke" && isNamed(c.Value.Type(), grpcPkg, "ClientConnInterface") && len(c.Args) >= 2:
				method = c.Args[1]
			case !c.IsInvoke():
				callee := c.StaticCallee()
				if callee == nil || callee.Name() != "Invoke" || callee.Pkg == nil || callee.Pkg.Pkg.Path() != grpcPkg || len(c.Args) < 3 {
					continue
				}
				method = c.Args[2]
			default:
				continue
			}
			m := ssavalue.ConstString(method)
			if m == "" || (full != "" && m != full) {
				return "" // not one constant method: not a generated unary stub
			}
			full = m
		}
	}
	return full
}

// grpcImpl is the implementation's method a client stub's call runs, or
// nil when the program registers no single implementation of the service.
func (r *resolver) grpcImpl(stub *ssa.Function) (*ssa.Function, string) {
	if len(r.grpc) == 0 || stub.Pkg == nil {
		return nil, ""
	}
	full := grpcMethod(stub)
	svc, method, ok := strings.Cut(strings.TrimPrefix(full, "/"), "/")
	if !ok {
		return nil, ""
	}
	short := svc[strings.LastIndexByte(svc, '.')+1:]
	s := r.grpc[stub.Pkg.Pkg.Path()+"."+protoName(short)]
	if s == nil || len(s.impls) != 1 {
		return nil, ""
	}
	prog := stub.Prog
	var sel *types.Selection
	ms := prog.MethodSets.MethodSet(s.impls[0])
	for i := 0; i < ms.Len(); i++ {
		if m := ms.At(i); m.Obj().Exported() && protoName(m.Obj().Name()) == protoName(method) {
			sel = m
		}
	}
	if sel == nil {
		return nil, ""
	}
	impl := prog.MethodValue(sel)
	if impl == nil {
		return nil, ""
	}
	impl = ssavalue.Declared(impl)
	return impl, "(grpc " + full + " → " + summary.SSAName(impl) + ")"
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

func containsType(ts []types.Type, t types.Type) bool {
	for _, u := range ts {
		if types.Identical(u, t) {
			return true
		}
	}
	return false
}

// protoName folds a proto name and the Go name generated from it to one
// spelling: generators camel-case "homestay_order_detail" and
// "homestayOrderDetail" to HomestayOrderDetail.
func protoName(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "_", ""))
}
