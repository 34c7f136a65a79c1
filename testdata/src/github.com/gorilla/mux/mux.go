// Package mux is a stub of github.com/gorilla/mux v1.8.1's routing API.
package mux

import "net/http"

type Router struct{}

type Route struct{}

func NewRouter() *Router { return &Router{} }

func (r *Router) HandleFunc(path string, f func(http.ResponseWriter, *http.Request)) *Route {
	return &Route{}
}

func (r *Router) Handle(path string, handler http.Handler) *Route { return &Route{} }

func (r *Route) Methods(methods ...string) *Route { return r }

func (r *Router) ServeHTTP(w http.ResponseWriter, req *http.Request) {}

func Vars(r *http.Request) map[string]string { return nil }

// PathPrefix adds a route matching the URL path prefix tpl.
func (r *Router) PathPrefix(tpl string) *Route { return &Route{} }

// Subrouter is a router whose routes match under the route's prefix.
func (r *Route) Subrouter() *Router { return &Router{} }
